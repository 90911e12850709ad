package Report;
use strict;
use warnings;

my %TEMPLATES = (
    text => sub { join "\n", map {"$_->[0]: $_->[1]"} @_ },
    csv  => sub { join "\n", map { join ',', @$_ } @_ },
);

sub render {
    my ($format, @rows) = @_;
    my $template = $TEMPLATES{$format}
        or die "no template for '$format'";
    return $template->(@rows);
}

1;
