<?php
declare(strict_types=1);

use PHPUnit\Framework\TestCase;

require_once __DIR__ . '/../src/Cart.php';

final class CartTest extends TestCase
{
    public function testCount(): void
    {
        $cart = new Cart();
        $cart->add('apple', 2);
        $cart->add('pear', 0);
        $this->assertSame(2, $cart->count());
    }

    public function testEmptyAverage(): void
    {
        $this->assertSame(0.0, (new Cart())->average());
    }
}
