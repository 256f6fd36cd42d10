<?php

declare(strict_types=1);

namespace App;

// A unit of work
final class Job
{
    public const MAX = 10;

    public function __construct(
        private string $name,
        private int $priority = 0,
    ) {}

    public function describe(): string
    {
        return sprintf("%s (%d)", $this->name, $this->priority);
    }
}

$jobs = [new Job("build", 2), new Job("test", 1)];
foreach ($jobs as $i => $job) {
    if ($i >= Job::MAX) {
        break;
    }
    echo $job->describe() . "\n";
}
$config = ['verbose' => true, 'ratio' => 3.5, 'tags' => null];
