use strict;
use warnings;
use lib 'lib';
use Invoice;

my $invoice = Invoice->new(tax => 0.2)->add_line(10)->add_line(5);
printf "%.2f\n", $invoice->total;
