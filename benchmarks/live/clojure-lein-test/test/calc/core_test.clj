(ns calc.core-test
  (:require [clojure.test :refer [deftest is testing]]
            [calc.core :refer [add average]]))

(deftest test-add
  (testing "small numbers"
    (is (= 2 (add 1 1)))))

(deftest test-average
  (is (= 2 (average [1 2 3])))
  (is (= 0 (average []))))
