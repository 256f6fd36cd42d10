# Greet a list of people
(defn greet
  "Returns a greeting."
  [name &opt loud]
  (def text (string "Hello, " name "!"))
  (if loud (string/ascii-upper text) text))

(def names @["alice" "bob"])

(each n names
  (print (greet n true)))

(var total 0)
(loop [i :range [0 10]]
  (+= total i))
(pp {:total total :done true})
