# Greet everyone in a list
function greet --description 'Say hello'
    set -l names $argv
    if test (count $names) -eq 0
        echo "nobody to greet"
        return 1
    end
    for name in $names
        echo "Hello, $name!"
    end
end

set -gx PATH $HOME/bin $PATH
greet alice bob
