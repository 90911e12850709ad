use strict;
use warnings;
use Test::More tests => 3;
use Report;

is(Report::render('text', [a => 1]), 'a: 1', 'renders text');
is(Report::render('csv', [a => 1]), 'a,1', 'renders csv');
like(Report::render('xml', [a => 1]), qr/<a>1<\/a>/, 'renders xml');
