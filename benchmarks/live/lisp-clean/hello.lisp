(defun greet (name) (format nil "Hello, ~a" name))
(format t "~a~%" (greet "world"))
