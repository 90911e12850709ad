(ns calc.core)

(defn add [a b] (+ a b))

(defn total [xs]
  (reduce add 0 (map parse-long xs)))

(defn report [xs]
  (println "total:" (totl xs)))
