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
    }

    public function testSlug(): void
    {
        $this->assertSame('hello_world', (new Calc())->slug(' Hello World '));
    }

    public function testLocale(): void
    {
        if (!extension_loaded('intl')) {
            $this->markTestSkipped('The intl extension is not available.');
        }
        $this->assertTrue(class_exists('NumberFormatter'));
    }
}
