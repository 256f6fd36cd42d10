(* A tiny example *)
type shape = Circle of float | Square of float

let area = function
  | Circle r -> 3.14159 *. r *. r
  | Square s -> s *. s

let () =
  let shapes = [Circle 1.0; Square 2.0] in
  List.iter (fun s -> Printf.printf "%f\n" (area s)) shapes;
  print_endline "done"

module M = struct
  let rec fact n = if n <= 1 then 1 else n * fact (n - 1)
end
