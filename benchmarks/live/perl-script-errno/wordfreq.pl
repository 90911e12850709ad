#!/usr/bin/perl
use strict;
use warnings;

my %count;
for my $path (@ARGV) {
    open my $fh, '<', $path or die "Cannot open $path: $!";
    while (my $line = <$fh>) {
        $count{lc $_}++ for $line =~ /(\w+)/g;
    }
    close $fh;
}
for my $word (sort { $count{$b} <=> $count{$a} } keys %count) {
    printf "%-10s %d\n", $word, $count{$word};
}
