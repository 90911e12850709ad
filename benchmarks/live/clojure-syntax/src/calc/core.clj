(ns calc.core)

(defn add [a b]
  (+ a b)

(defn twice [n]
  (add n n))
