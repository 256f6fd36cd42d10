-module(greeter).
-export([hello/1, sum/1]).

%% Returns a greeting.
hello(Name) when is_list(Name) ->
    io:format("Hello, ~s!~n", [Name]),
    ok.

sum([]) -> 0;
sum([H | T]) -> H + sum(T).

start() ->
    Pid = spawn(fun() -> receive {msg, X} -> X * 2 end end),
    Pid ! {msg, 21}.
