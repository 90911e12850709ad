(ns calc.core
  (:require [clojure.string :as str]))

(defn shout [s] (str/upper-case (str s "!")))
