;;;; Shapes and their areas.
(defpackage :shapes (:use :cl))
(in-package :shapes)

(defun square-area (side)
  (* side side))

(defun circle-area (radius)
  (* pi radius radius)))

(defun rect-area (w h)
  (* w h))
