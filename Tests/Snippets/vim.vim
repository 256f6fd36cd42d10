" Settings for Markdown files
set nocompatible
let g:markdown_fenced_languages = ['python', 'bash=sh']

function! s:Preview() abort
  let l:file = expand('%:p')
  if filereadable(l:file)
    execute '!mdview ' . shellescape(l:file)
  endif
endfunction

augroup markdown_preview
  autocmd!
  autocmd FileType markdown nnoremap <buffer> <leader>p :call <SID>Preview()<CR>
augroup END
