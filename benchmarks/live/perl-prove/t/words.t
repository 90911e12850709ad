use strict;
use warnings;
use Test::More tests => 3;
use Text::Wrap2 qw(wrap_words count_words);

is(count_words('one two three'), 3, 'counts words');
is(count_words('one  two'), 2, 'counts words around two spaces');
is_deeply([wrap_words('aa bb cc', 5)], ['aa bb', 'cc'], 'wraps at the width');
