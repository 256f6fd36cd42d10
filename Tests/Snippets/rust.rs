use std::collections::HashMap;
use std::fmt;

/// A unit of work.
#[derive(Debug, Clone)]
pub struct Job {
    name: String,
    priority: u32,
}

impl fmt::Display for Job {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.name, self.priority)
    }
}

pub fn run(jobs: &[Job], limit: usize) -> Result<HashMap<String, u32>, String> {
    let mut done = HashMap::new();
    for (i, job) in jobs.iter().enumerate() {
        if i >= limit {
            return Err(format!("too many jobs: {}", jobs.len()));
        }
        done.insert(job.name.clone(), job.priority * 2);
    }
    Ok(done)
}

fn main() {
    let jobs = vec![Job { name: "build".into(), priority: 2 }];
    println!("{:?}", run(&jobs, 10).unwrap_or_default());
}
