<?hh

// A Hack function
function greet(string $name, int $times = 1): string {
  $out = vec[];
  for ($i = 0; $i < $times; $i++) {
    $out[] = "Hello, ".$name;
  }
  return implode("\n", $out);
}

class Counter {
  private int $count = 0;
  public function inc(): void { $this->count++; }
}
