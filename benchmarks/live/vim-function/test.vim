" Exercises the counter.
set runtimepath^=.
call counter#increment()
call counter#reset()
echo counter#report()
