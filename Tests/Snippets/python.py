import os
from dataclasses import dataclass, field

MAX_RETRIES = 3  # retry budget


@dataclass
class Job:
    """A unit of work with a name and a priority."""
    name: str
    priority: int = 0
    tags: list[str] = field(default_factory=list)

    def describe(self, verbose: bool = False) -> str:
        label = f"{self.name} ({self.priority})"
        if verbose and self.tags:
            label += " [" + ", ".join(sorted(self.tags)) + "]"
        return label


def run(jobs, limit=None):
    done = []
    for index, job in enumerate(sorted(jobs, key=lambda j: -j.priority)):
        if limit is not None and index >= limit:
            break
        done.append((job, os.path.join("/tmp", job.name), 3.14e-2))
    return {"done": len(done), "ok": True, "retries": MAX_RETRIES}
