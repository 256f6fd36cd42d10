#!/usr/bin/perl
use strict;
use warnings;

# Count words in a file
my %count;
my $file = shift @ARGV or die "usage: $0 FILE\n";
open(my $fh, '<', $file) or die "cannot open $file: $!";
while (my $line = <$fh>) {
    for my $word (split /\s+/, $line) {
        $count{lc $word}++ if $word =~ /^\w+$/;
    }
}
close $fh;
printf "%-10s %d\n", $_, $count{$_} for sort keys %count;
