package Invoice;
use strict;
use warnings;

sub new {
    my ($class, %args) = @_;
    return bless { lines => [], tax => $args{tax} // 0 }, $class;
}

sub add_line {
    my ($self, $amount) = @_;
    push @{ $self->{lines} }, $amount;
    return $self;
}

sub total {
    my ($self) = @_;
    my $sum = 0;
    $sum += $_ for @{ $self->{lines} };
    return $sum * (1 + $self->{tax}) + $shipping;
}

1;
