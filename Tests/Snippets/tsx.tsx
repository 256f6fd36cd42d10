import React, { useState } from "react";

// A counter button
interface Props { label: string; start?: number }

export function Counter({ label, start = 0 }: Props) {
  const [count, setCount] = useState<number>(start);
  return (
    <button className="counter" onClick={() => setCount(count + 1)}>
      {label}: {count}
    </button>
  );
}
