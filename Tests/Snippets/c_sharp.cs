using System;
using System.Collections.Generic;

namespace Example
{
    /// <summary>A greeter.</summary>
    public class Greeter
    {
        private readonly string _name;
        public Greeter(string name) => _name = name;

        public string Greet(int times = 1)
        {
            // Repeat the greeting
            var parts = new List<string>();
            for (int i = 0; i < times; i++) parts.Add($"Hello, {_name}!");
            return string.Join(" ", parts);
        }

        public static void Main() => Console.WriteLine(new Greeter("world").Greet(2));
    }
}
