<?php
declare(strict_types=1);

final class Cart
{
    /** @var array<string, int> */
    private array $items = [];

    public function add(string $sku, int $quantity): void
    {
        if ($quantity <= 0) {
            throw new InvalidArgumentException("quantity must be positive, got $quantity");
        }
        $this->items[$sku] = ($this->items[$sku] ?? 0) + $quantity;
    }

    public function count(): int
    {
        return array_sum($this->items);
    }

    public function average(): float
    {
        return intdiv($this->count(), count($this->items));
    }
}
