" Greets the user.
if exists('g:loaded_greet')
  finish
endif
let g:loaded_greet = 1

function! s:Greet(name) abort
  echo 'Hello, ' . a:name
endfunction

command! -nargs=1 Greet call s:Greet(<q-args>)
nnoremap <silent> <Plug>(greet) :Greet world<CR>
setlocal nospell
Greet
call s:Greet('a', 'b')
