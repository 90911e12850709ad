use strict;
use warnings;
use Test::More;
use Text::Wrap2 qw(count_words);

ok(count_words(' leading space') == 2);
ok(count_words('') == 0, 'an empty text has no words');
done_testing;
