# bash completion for gallery(1). Made by gallery-docs from the command line's description (make docs).

_gallery() {
  local cur=${COMP_WORDS[COMP_CWORD]} prev=
  (( COMP_CWORD > 0 )) && prev=${COMP_WORDS[COMP_CWORD-1]}
  # bash splits --option=value at the '=': complete the value of the option before it.
  if [[ $cur == = ]]; then
    cur=
  elif [[ $prev == = ]] && (( COMP_CWORD > 1 )); then
    prev=${COMP_WORDS[COMP_CWORD-2]}
  fi
  case $prev in
    --to) mapfile -t COMPREPLY < <(compgen -f -- "$cur"); return ;;
    --backup) mapfile -t COMPREPLY < <(compgen -f -- "$cur"); return ;;
    --folders) return ;;
    --rename) return ;;
    --size) return ;;
    --format) mapfile -t COMPREPLY < <(compgen -W 'ansi plain json' -- "$cur"); return ;;
    --cell-size) return ;;
    --color|--colour) mapfile -t COMPREPLY < <(compgen -W 'auto always never' -- "$cur"); return ;;
    --theme) mapfile -t COMPREPLY < <(compgen -W 'auto dark light' -- "$cur"); return ;;
    --symbols) mapfile -t COMPREPLY < <(compgen -W 'blocks half quadrants sextants braille ascii' -- "$cur"); return ;;
    --layout) mapfile -t COMPREPLY < <(compgen -W 'showcase grid flow browse list' -- "$cur"); return ;;
    --group-by) mapfile -t COMPREPLY < <(compgen -W 'folder day month year duplicates' -- "$cur"); return ;;
    --filter) return ;;
    --office-scrolling) mapfile -t COMPREPLY < <(compgen -W 'auto continuous paging group-paging centered' -- "$cur"); return ;;
    --graphics) mapfile -t COMPREPLY < <(compgen -W 'auto kitty sixel iterm2 cells' -- "$cur"); return ;;
    --link) mapfile -t COMPREPLY < <(compgen -W 'auto fast slow' -- "$cur"); return ;;
    --memory) return ;;
    --files-from) mapfile -t COMPREPLY < <(compgen -f -- "$cur"); return ;;
  esac
  local i
  for (( i = 1; i < COMP_CWORD; i++ )); do
    if [[ ${COMP_WORDS[i]} == -- ]]; then
      mapfile -t COMPREPLY < <(compgen -f -- "$cur")
      return
    fi
  done
  if [[ $cur == -* ]]; then
    mapfile -t COMPREPLY < <(compgen -W '-h --help --version --print --index --duplicates --similar --to --backup --no-backup --folders --rename --verify-from-disk --trash-source --dry-run --size --format --cell-size --color --colour --theme --symbols --layout --group-by --filter --office-scrolling --graphics --link --diagnose --no-cache --memory --all --no-follow-links --apart --files-from -o --output-marked -0 --null' -- "$cur")
    return
  fi
  if (( COMP_CWORD == 1 )); then
    mapfile -t COMPREPLY < <(compgen -W 'import' -- "$cur"; compgen -f -- "$cur")
    return
  fi
  mapfile -t COMPREPLY < <(compgen -f -- "$cur")
}
complete -o filenames -F _gallery gallery
