(require '[clojure.test :as t] 'calc.core-test)
(let [{:keys [fail error]} (t/run-tests 'calc.core-test)]
  (System/exit (if (zero? (+ fail error)) 0 1)))
