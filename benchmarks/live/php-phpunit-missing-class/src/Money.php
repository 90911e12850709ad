<?php
declare(strict_types=1);

namespace App;

final class Money
{
    public function __construct(public readonly int $cents, public readonly string $currency)
    {
    }

    public function format(): string
    {
        return sprintf('%d.%02d %s', intdiv($this->cents, 100), $this->cents % 100, $this->currency);
    }
}
