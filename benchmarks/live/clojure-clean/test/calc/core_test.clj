(ns calc.core-test
  (:require [clojure.test :refer [deftest is]]
            [calc.core :refer [add]]))

(deftest test-add
  (is (= 2 (add 1 1)))
  (is (= 0 (add 0 0))))
