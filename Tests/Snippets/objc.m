#import <Foundation/Foundation.h>

@interface Greeter : NSObject
@property (nonatomic, copy) NSString *name;
- (NSString *)greetingFor:(NSInteger)count;
@end

@implementation Greeter
- (NSString *)greetingFor:(NSInteger)count {
    // Repeat the greeting
    return [NSString stringWithFormat:@"Hello, %@ x%ld", self.name, (long)count];
}
@end

int main(void) {
    Greeter *g = [[Greeter alloc] init];
    g.name = @"world";
    NSLog(@"%@", [g greetingFor:3]);
    return 0;
}
