(ns example.core
  (:require [clojure.string :as str]))

;; Greet a list of names
(defn greet
  "Returns a greeting."
  [name & {:keys [loud] :or {loud false}}]
  (let [text (str "Hello, " name "!")]
    (if loud (str/upper-case text) text)))

(def names ["alice" "bob"])

(defn -main [& args]
  (doseq [n names]
    (println (greet n :loud true) 42)))
