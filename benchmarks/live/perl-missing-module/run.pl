#!/usr/bin/perl
use strict;
use warnings;
use lib 'lib';
use App::Config;

my $config = App::Config::load('config.yml');
print "loaded\n";
