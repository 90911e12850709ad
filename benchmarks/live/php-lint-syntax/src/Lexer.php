<?php
declare(strict_types=1);

final class Lexer
{
    public function tokens(string $text): array
    {
        return preg_split('/\s+/', trim($text)) ?: [];
    }
}
