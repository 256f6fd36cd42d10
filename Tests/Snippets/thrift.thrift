// A user service
namespace py example.users

const i32 MAX_USERS = 100

enum Role {
  ADMIN = 1,
  USER = 2
}

struct User {
  1: required string name,
  2: optional i32 age = 0,
  3: list<string> emails
}

exception NotFound { 1: string message }

service Users {
  User get(1: i64 id) throws (1: NotFound missing)
}
