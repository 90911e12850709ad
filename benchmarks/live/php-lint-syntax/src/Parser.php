<?php
declare(strict_types=1);

final class Parser
{
    public function parse(string $line): array
    {
        $parts = explode(',', $line);
        return array_map('trim', $parts)
    }

    public function isComment(string $line): bool
    {
        return str_starts_with(ltrim($line), '#');
    }
}
