<?php
declare(strict_types=1);

require __DIR__ . '/../src/Report.php';

$rows = [['name' => 'rent', 'amount' => 900], ['name' => 'food', 'amount' => 300]];
$report = new Report($rows);
printf("Total: %d\n", $report->totl());
