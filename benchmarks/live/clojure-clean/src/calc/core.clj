(ns calc.core)

(defn add [a b] (+ a b))
