(ns calc.core)

(defn average [xs]
  (/ (reduce + xs) (count xs)))

(defn -main [& args]
  (println "average:" (average [])))
