#!/bin/sh
host=$1
cd /srv/app
scp build.tar.gz $host:/srv/releases/
ssh "$host" "tar -xzf /srv/releases/build.tar.gz -C /srv/app"
