package Stack;
use strict;
use warnings;
use Carp qw(croak);

sub new  { return bless { items => [] }, shift }
sub push { my ($self, @items) = @_; push @{ $self->{items} }, @items; return $self }
sub size { return scalar @{ $_[0]{items} } }

sub pop {
    my ($self) = @_;
    croak 'pop from an empty stack' unless @{ $self->{items} };
    return pop @{ $self->{items} };
}

1;
