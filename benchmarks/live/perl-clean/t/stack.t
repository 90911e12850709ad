use strict;
use warnings;
use Test::More;
use Stack;

my $stack = Stack->new->push(1, 2);
is($stack->size, 2, 'holds what was pushed');
is($stack->pop, 2, 'pops the last item');
eval { Stack->new->pop };
like($@, qr/empty stack/, 'an error when empty');
subtest 'error handling' => sub {
    ok(!eval { Stack->new->pop; 1 }, 'dies on an empty stack');
    done_testing;
};
done_testing;
