<?php
declare(strict_types=1);

use PHPUnit\Framework\TestCase;

require_once __DIR__ . '/../src/Calc.php';

final class CalcTest extends TestCase
{
    public function testAdd(): void
    {
        $this->assertSame(5, (new Calc())->add(2, 3));
    }

    public function testPercent(): void
    {
        $this->assertEquals(33.3, (new Calc())->percent(1, 3));
        $this->assertEquals(66.7, (new Calc())->percent(2, 4));
    }

    public function testSlug(): void
    {
        $this->assertSame('hello-world', (new Calc())->slug(' Hello World '));
    }
}
