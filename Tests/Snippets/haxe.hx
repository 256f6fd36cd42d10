package example;

import haxe.ds.StringMap;

/** A greeter **/
class Main {
    static var count:Int = 0;

    public static function greet(name:String):String {
        count++;
        return 'Hello, $name! ($count)';
    }

    static function main() {
        var names = ["alice", "bob"];
        for (n in names) trace(greet(n));
        if (count > 1) trace("done", 42, true);
    }
}
