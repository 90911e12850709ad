package Text::Wrap2;
use strict;
use warnings;
use Exporter 'import';
our @EXPORT_OK = qw(wrap_words count_words);

sub count_words {
    my ($text) = @_;
    my @words = split / /, $text;
    return scalar @words;
}

sub wrap_words {
    my ($text, $width) = @_;
    my @lines = ('');
    for my $word (split ' ', $text) {
        if (length($lines[-1]) + length($word) > $width) {
            push @lines, $word;
        } else {
            $lines[-1] .= ($lines[-1] eq '' ? '' : ' ') . $word;
        }
    }
    return @lines;
}

1;
