import gleam/io
import gleam/list

/// A user of the system
pub type User {
  User(name: String, age: Int)
}

pub fn greet(user: User) -> String {
  case user.age {
    age if age >= 18 -> "Hello, " <> user.name
    _ -> "Hi, " <> user.name
  }
}

pub fn main() {
  let users = [User("alice", 30), User("bob", 12)]
  // Print every greeting
  list.each(users, fn(u) { io.println(greet(u)) })
}
