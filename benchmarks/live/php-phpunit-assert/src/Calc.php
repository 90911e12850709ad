<?php
declare(strict_types=1);

final class Calc
{
    public function add(int $a, int $b): int
    {
        return $a + $b;
    }

    public function percent(int $part, int $whole): float
    {
        return round($part / $whole * 100, 1);
    }

    public function slug(string $title): string
    {
        return strtolower(str_replace(' ', '_', trim($title)));
    }
}
