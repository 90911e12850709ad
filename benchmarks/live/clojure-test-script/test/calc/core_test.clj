(ns calc.core-test
  (:require [clojure.test :refer [deftest is]]
            [calc.core :refer [shout]]))

(deftest test-shout
  (is (= "HI!" (shout "hi")))
  (is (= "HEY" (shout "hey")) "no exclamation mark"))
