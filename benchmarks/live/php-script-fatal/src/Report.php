<?php
declare(strict_types=1);

final class Report
{
    /** @param list<array{name: string, amount: int}> $rows */
    public function __construct(private array $rows)
    {
    }

    public function total(): int
    {
        return array_sum(array_column($this->rows, 'amount'));
    }
}
