<?php
declare(strict_types=1);

namespace App\Tests;

use App\Money;
use App\Currency;
use PHPUnit\Framework\TestCase;

require_once __DIR__ . '/../src/Money.php';

final class MoneyTest extends TestCase
{
    public function testFormat(): void
    {
        $this->assertSame('12.05 EUR', (new Money(1205, 'EUR'))->format());
    }

    public function testCurrency(): void
    {
        $this->assertSame('EUR', Currency::fromCode('eur')->code);
    }
}
