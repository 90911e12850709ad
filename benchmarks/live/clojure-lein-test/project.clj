(defproject calc "0.1.0"
  :description "clojure.test failures through lein test, offline from Debian's maven repo"
  :dependencies [[org.clojure/clojure "1.11.1"]]
  :local-repo "/tmp/errlearn-lein-m2"
  :repositories ^:replace [["debian" {:url "file:///usr/share/maven-repo" :checksum :ignore}]])
